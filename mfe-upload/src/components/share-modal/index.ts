export { ShareModal } from './ShareModal';
