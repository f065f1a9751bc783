/**
 * Order-preserving key codec primitives that generated key classes call: zero padding ({@link
 * dev.widekey.runtime.key.Padding}), alphabets ({@link dev.widekey.core.key.KeyAlphabet}),
 * delimiter splicing and key checks ({@link dev.widekey.runtime.key.KeyText}), hash prefixes
 * ({@link dev.widekey.runtime.key.KeyHash}) and typed values ({@link
 * dev.widekey.runtime.key.KeyValues}). A value that does not fit is rejected with an {@link
 * dev.widekey.core.key.InvalidKeyException}, never cut.
 */
package dev.widekey.runtime.key;
