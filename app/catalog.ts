// The product's fixed lists (spec section 5): services, the 20 categories, container types, origins.
// Values are stable identifiers; `*_NAMES` are the English names the back office receives, and the
// screens show the translations (namespace catalog).
export const SERVICES = ['shipping', 'quotation', 'trade_finance', 'other'] as const;
export type Service = (typeof SERVICES)[number];
export const SERVICE_NAMES: Record<Service, string> = {
  shipping: 'Request for Shipping',
  quotation: 'Request For Quotation',
  trade_finance: 'Trade Finance',
  other: 'Other Service',
};

export const CATEGORIES = [
  'automotive_parts',
  'cosmetics_personal_care',
  'medical_supplies',
  'electronics_accessories',
  'eyewear_watches',
  'stationery_office_supplies',
  'machinery_industrial_equipment',
  'footwear',
  'jewelry_accessories',
  'sports_fitness_equipment',
  'toys_games',
  'agricultural_products',
  'furniture_home_decor',
  'books_educational_materials',
  'clothing_apparel',
  'home_bathroom_fixtures',
  'childrens_fashion',
  'building_construction_material',
  'food_beverages',
  'other',
] as const;
export type Category = (typeof CATEGORIES)[number];
export const CATEGORY_NAMES: Record<Category, string> = {
  automotive_parts: 'automotive parts',
  cosmetics_personal_care: 'cosmetics and personal care',
  medical_supplies: 'medical supplies',
  electronics_accessories: 'electronics and accessories',
  eyewear_watches: 'eyewear and watches',
  stationery_office_supplies: 'stationery and office supplies',
  machinery_industrial_equipment: 'machinery and industrial equipment',
  footwear: 'footwear',
  jewelry_accessories: 'jewelry and accessories',
  sports_fitness_equipment: 'sports and fitness equipment',
  toys_games: 'toys and games',
  agricultural_products: 'agricultural products',
  furniture_home_decor: 'furniture and home decor',
  books_educational_materials: 'books and educational materials',
  clothing_apparel: 'clothing and apparel',
  home_bathroom_fixtures: 'home and bathroom fixtures',
  childrens_fashion: "children's fashion",
  building_construction_material: 'building and construction material',
  food_beverages: 'food and beverages',
  other: 'other',
};

export const CONTAINER_TYPES = ['full_container_load', 'groupage', 'housebill'] as const;
export type ContainerType = (typeof CONTAINER_TYPES)[number];
export const CONTAINER_TYPE_NAMES: Record<ContainerType, string> = {
  full_container_load: 'Full Container Load',
  groupage: 'Groupage',
  housebill: 'Housebill',
};

export const ORIGINS = ['china', 'dubai', 'vietnam', 'india'] as const;
export type Origin = (typeof ORIGINS)[number];
export const ORIGIN_NAMES: Record<Origin, string> = {
  china: 'China',
  dubai: 'Dubai',
  vietnam: 'Vietnam',
  india: 'India',
};

/**
 * Where the forwarder delivers (extension: the specification names origins only). A quotation request
 * names one, so that a rate for its lane can price it at once.
 */
export const DESTINATIONS = ['jebel_ali', 'port_said', 'alexandria', 'dammam', 'nansha'] as const;
export type Destination = (typeof DESTINATIONS)[number];
export const DESTINATION_NAMES: Record<Destination, string> = {
  jebel_ali: 'Jebel Ali, United Arab Emirates',
  port_said: 'Port Said, Egypt',
  alexandria: 'Alexandria, Egypt',
  dammam: 'Dammam, Saudi Arabia',
  nansha: 'Nansha, Guangzhou, China',
};
