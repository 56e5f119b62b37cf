export { ShareModal, type ShareModalFile, type ShareModalProps } from './ShareModal';
export { postShareEmail, type ShareEmailRequest } from './send-share-email';
