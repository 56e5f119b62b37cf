import { MessageStatus } from '@ferry/contracts/notification/v1';

export function messageStatus(status: 'PENDING' | 'SENT' | 'FAILED'): MessageStatus {
  if (status === 'SENT') return MessageStatus.MESSAGE_STATUS_SENT;
  if (status === 'FAILED') return MessageStatus.MESSAGE_STATUS_FAILED;
  return MessageStatus.MESSAGE_STATUS_QUEUED;
}
