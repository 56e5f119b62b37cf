import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '@ferry/shell-sdk/ui';
import { NAMESPACE } from '../i18n';

const QR_PIXELS = 240;

/**
 * A link as a QR code image, drawn in the browser by `qrcode`. The library loads when the first
 * code is shown, so the upload screen's first visit does not pay for it.
 */
export function QrImage({ value, alt }: { value: string; alt: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(value, { margin: 2, width: QR_PIXELS, errorCorrectionLevel: 'M' }))
      .then(
        (url) => live && setSrc(url),
        (error: unknown) => console.warn('qr: not drawn', error instanceof Error ? error.message : error),
      );
    return () => {
      live = false;
    };
  }, [value]);
  return src ? (
    <img className="qr-image" src={src} width={QR_PIXELS} height={QR_PIXELS} alt={alt} data-testid="qr-image" />
  ) : (
    <span className="qr-image" aria-hidden="true" />
  );
}

/** The "QR code" button of a link, and the dialog that shows the code for a phone to scan. */
export function QrButton({ link, fileName, testId }: { link: string; fileName: string; testId: string }) {
  const { t } = useTranslation(NAMESPACE);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} data-testid={testId}>
        {t('qr.button')}
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('qr.title', { name: fileName })}
        description={t('qr.hint')}
        className="qr-dialog"
        data-testid="qr-dialog"
      >
        <QrImage value={link} alt={t('qr.alt', { link })} />
        <p className="qr-link" dir="ltr">
          {link}
        </p>
        <DialogActions>
          <button type="button" onClick={() => setOpen(false)} data-testid="qr-close">
            {t('qr.close')}
          </button>
        </DialogActions>
      </Dialog>
    </>
  );
}
