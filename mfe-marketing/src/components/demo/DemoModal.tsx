import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseLanguage, type LanguageCode } from '@ferry/shell-sdk';
import { Dialog } from '@ferry/shell-sdk/ui';
import '@ferry/shell-sdk/ui.css';
import { NAMESPACE } from '../../i18n';
import { DEMO_MEDIA } from './demo-media';
import { publicAssetUrl } from './public-asset';
import './demo.css';

function languageName(language: LanguageCode): string {
  try {
    return new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  } catch {
    return language;
  }
}

/** Reduced motion: the video waits for the visitor's own Play. */
function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The demo video in the shared dialog: a recording of Ferry in use (made by the tests' demo
 * script), its poster, and captions in the page's language. The video has no sound track, so it
 * starts playing at once unless the visitor prefers reduced motion.
 */
export default function DemoModal({ onClose }: { onClose(): void }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const video = useRef<HTMLVideoElement>(null);
  const language = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('demo.title')}
      description={t('demo.description')}
      initialFocus={video}
      className="marketing-demo"
      data-testid="demo-modal"
    >
      <button
        type="button"
        className="marketing-demo__close"
        aria-label={t('demo.close')}
        title={t('demo.close')}
        onClick={onClose}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
      <video
        ref={video}
        className="marketing-demo__video"
        controls
        playsInline
        muted
        autoPlay={!prefersReducedMotion()}
        preload="none"
        // Captions from another origin (a remote's own dev server) load only in CORS mode.
        crossOrigin="anonymous"
        tabIndex={0}
        poster={publicAssetUrl(DEMO_MEDIA.poster)}
        width={DEMO_MEDIA.width}
        height={DEMO_MEDIA.height}
        src={publicAssetUrl(DEMO_MEDIA.video)}
      >
        <track
          kind="captions"
          src={publicAssetUrl(DEMO_MEDIA.captions[language])}
          srcLang={language}
          label={languageName(language)}
          default
        />
        {t('demo.noVideo')}
      </video>
    </Dialog>
  );
}
