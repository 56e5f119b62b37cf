export { ShareModal, type ShareModalFile, type ShareModalProps } from './ShareModal';
export { parseRecipients } from './recipients';
export { postShareEmail, type ShareEmailRequest } from './send-share-email';
