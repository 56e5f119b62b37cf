import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { itemsFromDataTransfer, itemsFromFileList } from '../upload/dropped-files';
import type { QueueItem } from '../upload/queue';
import { useTouchScreen } from './use-touch-screen';

export interface DropZoneProps {
  disabled: boolean;
  /** An upload is running (the zone is disabled for that, not for a sign-in). */
  busy?: boolean;
  pulse: boolean;
  onItems(items: QueueItem[]): void;
}

/**
 * Drag and drop of files and folders, click for the picker, a hidden folder input (spec §2).
 * The zone is a labelled group, not a button: its two buttons are the keyboard's way in (a
 * button inside a button is announced wrongly). A touch screen is not asked to drag.
 */
export function DropZone({ disabled, busy = false, pulse, onItems }: DropZoneProps) {
  const { t } = useTranslation(NAMESPACE);
  const files = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  const touch = useTouchScreen();

  const pick = (input: HTMLInputElement | null) => {
    if (!disabled) input?.click();
  };
  const onDrop = async (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (disabled) return;
    onItems(await itemsFromDataTransfer(e.dataTransfer));
  };
  /** Both pickers: queue what was chosen, then clear the input so the same files can be picked again. */
  const onPicked = (e: ChangeEvent<HTMLInputElement>) => {
    onItems(itemsFromFileList(e.currentTarget.files));
    e.currentTarget.value = '';
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click anywhere in the zone is a mouse shortcut for its "choose files" button, which the keyboard reaches
    // biome-ignore lint/a11y/useSemanticElements: a labelled drop target, not a group of form fields: fieldset would add form semantics and its default frame
    <div
      className={`dropzone${over ? ' is-over' : ''}${pulse && !disabled ? ' is-pulsing' : ''}`}
      data-testid="dropzone"
      role="group"
      aria-disabled={disabled}
      aria-labelledby={hintId}
      onClick={() => pick(files.current)}
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => void onDrop(e)}
    >
      <p id={hintId}>
        {busy ? t('drop.busy') : disabled ? t('drop.waiting') : t(touch ? 'drop.touchHint' : 'drop.hint')}
      </p>
      <div className="dropzone-actions">
        <button
          type="button"
          disabled={disabled}
          onClick={(e) => {
            e.stopPropagation();
            pick(files.current);
          }}
        >
          {t('drop.chooseFiles')}
        </button>
        <button
          type="button"
          disabled={disabled}
          onClick={(e) => {
            e.stopPropagation();
            pick(folder.current);
          }}
        >
          {t('drop.chooseFolder')}
        </button>
      </div>
      <input ref={files} type="file" multiple hidden data-testid="file-input" onChange={onPicked} />
      <input
        ref={(el) => {
          folder.current = el;
          // webkitdirectory is not in React's attribute types.
          el?.setAttribute('webkitdirectory', '');
        }}
        type="file"
        multiple
        hidden
        data-testid="folder-input"
        onChange={onPicked}
      />
    </div>
  );
}
