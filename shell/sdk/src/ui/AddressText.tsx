import { Fragment } from 'react';

/** Stands for the address while the sentence is translated; never typed by anyone. */
const MARK = '\u2063';

export interface AddressTextProps {
  /** The translated sentence, given the placeholder to put where the address goes: `(a) => t('signedInAs', { email: a })`. */
  sentence(address: string): string;
  address: string;
  'data-testid'?: string;
}

/**
 * A translated sentence with an e-mail address or a link in it. The address is written as one
 * `ferry-address` (ui.css): left to right in Arabic and Hebrew, never split at a hyphen.
 */
export function AddressText({ sentence, address, 'data-testid': testId }: AddressTextProps) {
  const parts = sentence(MARK).split(MARK);
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence never move.
        <Fragment key={i}>
          {i > 0 && (
            <bdi dir="ltr" className="ferry-address" data-testid={testId}>
              {address}
            </bdi>
          )}
          {part}
        </Fragment>
      ))}
    </>
  );
}
