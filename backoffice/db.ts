/** Where the embedded database lives in `DATA_DIR` (the data layer itself is in `data/`). */
export { DATABASE_FILE } from './data/database';
