// Written by `npm run demo:record -w @ferry/tests` (tests/demo/record-demo.ts); do not edit.
import type { LanguageCode } from '@ferry/shell-sdk';

/** The demo video's files under this remote's public folder (content-hashed names). */
export const DEMO_MEDIA: {
  video: string;
  poster: string;
  width: number;
  height: number;
  /** Seconds. */
  duration: number;
  /** When each step of the journey starts (seconds): where its caption begins. */
  steps: Record<string, number>;
  captions: Record<LanguageCode, string>;
} = {
  video: 'demo/ferry-demo.88c6d0ad7a.webm',
  poster: 'demo/ferry-demo.1282d40f40.webp',
  width: 960,
  height: 600,
  duration: 29.542,
  steps: {
    landing: 0.032,
    signedIn: 3.602,
    dropFolder: 5.804,
    uploading: 10.722,
    copyLink: 15.787,
    recipient: 19.991,
    download: 22.991,
    counted: 26.751,
  },
  captions: {
    nl: 'demo/captions.nl.b439566d12.vtt',
    en: 'demo/captions.en.222cc57c90.vtt',
    de: 'demo/captions.de.a3a508170b.vtt',
    fr: 'demo/captions.fr.fde7864ef2.vtt',
    es: 'demo/captions.es.b3eecc46b8.vtt',
    it: 'demo/captions.it.f3df97a990.vtt',
    pt: 'demo/captions.pt.a7e6c09172.vtt',
    sv: 'demo/captions.sv.0aa8ae2b38.vtt',
    pl: 'demo/captions.pl.3563534b9f.vtt',
    tr: 'demo/captions.tr.f3dc6a8990.vtt',
    uk: 'demo/captions.uk.38863bf5fd.vtt',
    ja: 'demo/captions.ja.354227071f.vtt',
    ar: 'demo/captions.ar.c19e633c80.vtt',
    bn: 'demo/captions.bn.cc47fc8907.vtt',
    he: 'demo/captions.he.300764d482.vtt',
    hi: 'demo/captions.hi.1367476dad.vtt',
    id: 'demo/captions.id.6aaf90f681.vtt',
  },
};
