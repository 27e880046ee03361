// Icons of the menu entries, by the name the access table gives them.
import {
  IconBinaryTree,
  IconHelpCircle,
  IconTag,
  IconBox,
  IconBuildingWarehouse,
  IconBuildingStore,
  IconCash,
  IconReportMoney,
  IconPackages,
  IconSteeringWheel,
  IconSettings,
  IconUsers,
  IconFileDollar,
  IconFileInvoice,
  IconReceipt2,
  IconInbox,
  IconLayoutDashboard,
  IconListCheck,
  IconPoint,
  IconSend,
  IconShip,
  IconTruckLoading,
  type Icon,
} from '@tabler/icons-react';

const icons: Record<string, Icon> = {
  dashboard: IconLayoutDashboard,
  send: IconSend,
  shipping: IconShip,
  quotation: IconFileDollar,
  finance: IconCash,
  requests: IconListCheck,
  inbox: IconInbox,
  shippingRequests: IconTruckLoading,
  customers: IconUsers,
  settings: IconSettings,
  orders: IconPackages,
  loans: IconReportMoney,
  containers: IconBox,
  drivers: IconSteeringWheel,
  suppliers: IconBuildingStore,
  warehouse: IconBuildingWarehouse,
  invoices: IconFileInvoice,
  statement: IconReceipt2,
  faq: IconHelpCircle,
  pricing: IconTag,
  treeview: IconBinaryTree,
};

export function MenuIcon({ name, size = 20 }: { name: string; size?: number }) {
  const Component = icons[name] ?? IconPoint;
  return <Component aria-hidden size={size} stroke={1.6} />;
}
