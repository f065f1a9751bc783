package dev.widekey.core.layout;

/**
 * A hash prefix leading a text column.
 *
 * @param algorithm the {@code HashAlgorithm} name ({@code MD5}, …)
 * @param length the hex digits of the prefix
 * @param covers the one component whose text alone is digested, or null when the whole spliced text
 *     (after any bucket) is
 */
public record HashPrefixLayout(String algorithm, int length, String covers) {}
