/**
 * Attribute value codec primitives that generated repositories call: {@code @Money} as minor units
 * ({@link dev.widekey.runtime.value.Money}), compressed cold columns ({@link
 * dev.widekey.runtime.value.Compression}), the store's attribute limits ({@link
 * dev.widekey.runtime.value.Attributes}) and values over them split into chunk columns on writes
 * and joined on reads ({@link dev.widekey.runtime.value.LargeValues}). A value that cannot be
 * stored exactly is rejected with an {@link dev.widekey.runtime.value.InvalidAttributeException}.
 */
package dev.widekey.runtime.value;
