// The shared UI parts; their styles are `@ferry/shell-sdk/ui.css` (tokens: `@ferry/shell-sdk/tokens.css`).
export { AddressText, type AddressTextProps } from './AddressText.js';
export { Button, type ButtonProps, type ButtonVariant } from './Button.js';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.js';
export { Dialog, DialogActions, preloadDialog, type DialogProps } from './Dialog.js';
export { EmptyState, type EmptyStateProps } from './EmptyState.js';
export { LiveRegion, Notice, liveRole, type LiveRegionProps, type NoticeProps, type NoticeTone } from './Notice.js';
export { Skeleton, type SkeletonProps } from './Skeleton.js';
export { StatusBadge, type BadgeTone, type StatusBadgeProps } from './StatusBadge.js';
export { DESIGN_TOKENS, designTokenProperties, type DesignTokens } from '@ferry/rules';
