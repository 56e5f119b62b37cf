import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** AES-256-GCM: 32-byte keys, 12-byte nonces, 16-byte tags. */
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** A sealed secret: the id of the key that sealed it, and `iv ‖ tag ‖ ciphertext`. */
export interface Envelope {
  keyId: string;
  sealed: Buffer;
}

/** Thrown when a value cannot be opened: unknown key id, wrong key, or altered bytes. */
export class EnvelopeError extends Error {
  override name = 'EnvelopeError';
}

/**
 * The keys that encrypt refresh tokens at rest (`TOKEN_ENCRYPTION_KEYS`). The first key seals every
 * new value; every key opens the values it sealed, so a new key is added in front and an old one is
 * dropped once no stored value uses it. The associated data binds a value to its row (the owner's
 * sub): a ciphertext copied to another owner's row does not open.
 */
export class KeyRing {
  private constructor(
    private readonly keys: ReadonlyMap<string, Buffer>,
    readonly primaryId: string,
  ) {}

  /** Parses `id:base64key,id:base64key,…` (each key 32 bytes, base64 or base64url). */
  static parse(text: string): KeyRing {
    const keys = new Map<string, Buffer>();
    let primary: string | undefined;
    for (const entry of text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const colon = entry.indexOf(':');
      const id = colon > 0 ? entry.slice(0, colon) : '';
      if (!KEY_ID.test(id)) throw new Error('each key is "id:base64key" with an id of 1-32 characters [A-Za-z0-9_-]');
      if (keys.has(id)) throw new Error(`key id "${id}" appears twice`);
      const key = Buffer.from(entry.slice(colon + 1), 'base64');
      if (key.length !== KEY_BYTES)
        throw new Error(`key "${id}" must be ${KEY_BYTES} bytes (base64), not ${key.length}`);
      keys.set(id, key);
      primary ??= id;
    }
    if (!primary) throw new Error('at least one key is required');
    return new KeyRing(keys, primary);
  }

  /** A fresh `id:base64key` entry (single-machine mode, and for operators adding a key). */
  static generateEntry(id: string): string {
    return `${id}:${randomBytes(KEY_BYTES).toString('base64')}`;
  }

  seal(plaintext: string, associatedData: string): Envelope {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.primaryId)!, iv);
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { keyId: this.primaryId, sealed: Buffer.concat([iv, cipher.getAuthTag(), ciphertext]) };
  }

  open(envelope: Envelope, associatedData: string): string {
    const key = this.keys.get(envelope.keyId);
    if (!key) throw new EnvelopeError(`no key "${envelope.keyId}" in TOKEN_ENCRYPTION_KEYS`);
    if (envelope.sealed.length < IV_BYTES + TAG_BYTES) throw new EnvelopeError('sealed value too short');
    const iv = envelope.sealed.subarray(0, IV_BYTES);
    const tag = envelope.sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(associatedData, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([
        decipher.update(envelope.sealed.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new EnvelopeError(`the value does not open with key "${envelope.keyId}"`);
    }
  }

  /** True when `keyId` is not the sealing key (the value should be sealed again). */
  isStale(keyId: string): boolean {
    return keyId !== this.primaryId;
  }
}
