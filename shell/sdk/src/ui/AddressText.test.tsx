import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { AddressText } from './AddressText.js';

afterEach(cleanup);

describe('AddressText', () => {
  it('puts the address, whole and left to right, where the sentence has it', () => {
    const { container } = render(
      <p>
        <AddressText sentence={(a) => `مسجّل الدخول باسم ${a}`} address="upload-expiry-shots@example.com" />
      </p>,
    );
    const bdi = container.querySelector('bdi.ferry-address')!;
    expect(bdi.textContent).toBe('upload-expiry-shots@example.com');
    expect(bdi.getAttribute('dir')).toBe('ltr');
    expect(container.textContent).toBe('مسجّل الدخول باسم upload-expiry-shots@example.com');
  });

  it('keeps the words on both sides', () => {
    const { container } = render(<AddressText sentence={(a) => `Sent to ${a}, check your inbox.`} address="a@b.io" />);
    expect(container.textContent).toBe('Sent to a@b.io, check your inbox.');
    expect(container.querySelectorAll('bdi')).toHaveLength(1);
  });
});
