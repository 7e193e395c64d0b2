export { ConnectionInfo } from './components/connection-info.tsx';
