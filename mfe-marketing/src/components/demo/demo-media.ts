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
  "video": "demo/ferry-demo.b2de30775d.webm",
  "poster": "demo/ferry-demo.3ec6a505df.webp",
  "width": 960,
  "height": 600,
  "duration": 35.2,
  "steps": {
    "landing": 0.001,
    "signedIn": 3.225,
    "dropFolder": 5.426,
    "uploading": 9.634,
    "copyLink": 14.255,
    "recipient": 20.777,
    "download": 23.777,
    "counted": 27.5
  },
  "captions": {
    "nl": "demo/captions.nl.d2d9bc7273.vtt",
    "en": "demo/captions.en.98c8024b50.vtt",
    "de": "demo/captions.de.8eb8dbee9b.vtt",
    "fr": "demo/captions.fr.ab9a0d071f.vtt",
    "es": "demo/captions.es.d0ae1507cd.vtt",
    "it": "demo/captions.it.7c7afdeccb.vtt",
    "pt": "demo/captions.pt.26e5a72fd5.vtt",
    "sv": "demo/captions.sv.27da330ac7.vtt",
    "pl": "demo/captions.pl.5e5521d846.vtt",
    "tr": "demo/captions.tr.7c998ae69a.vtt",
    "uk": "demo/captions.uk.6554ea18fc.vtt",
    "ja": "demo/captions.ja.5b268fd7df.vtt",
    "ar": "demo/captions.ar.dee2dc9958.vtt",
    "bn": "demo/captions.bn.5870ea76c2.vtt",
    "he": "demo/captions.he.f550865cc0.vtt",
    "hi": "demo/captions.hi.72e1023499.vtt",
    "id": "demo/captions.id.aa41b90ce0.vtt"
  }
};
