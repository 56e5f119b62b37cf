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
  captions: Record<LanguageCode, string>;
} = {
  "video": "demo/ferry-demo.b2de30775d.webm",
  "poster": "demo/ferry-demo.3ec6a505df.webp",
  "width": 960,
  "height": 600,
  "duration": 35.2,
  "captions": {
    "nl": "demo/captions.nl.63e328f383.vtt",
    "en": "demo/captions.en.07225d5e05.vtt",
    "de": "demo/captions.de.7d7ef1b66c.vtt",
    "fr": "demo/captions.fr.d85dc40095.vtt",
    "es": "demo/captions.es.c2240ac989.vtt",
    "it": "demo/captions.it.e8fbcfdbb6.vtt",
    "pt": "demo/captions.pt.6c344ca0b3.vtt",
    "sv": "demo/captions.sv.164232966c.vtt",
    "pl": "demo/captions.pl.c615c49583.vtt",
    "tr": "demo/captions.tr.786a3b59d0.vtt",
    "uk": "demo/captions.uk.05df617b76.vtt",
    "ja": "demo/captions.ja.1308078edc.vtt",
    "ar": "demo/captions.ar.ceb6f649aa.vtt",
    "bn": "demo/captions.bn.72149ec2c0.vtt",
    "he": "demo/captions.he.5ee0302686.vtt",
    "hi": "demo/captions.hi.119464d84b.vtt",
    "id": "demo/captions.id.7504a5b97a.vtt"
  }
};
