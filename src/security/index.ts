export { noStore } from './no-store';
