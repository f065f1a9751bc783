package dev.widekey.processor.report;

/**
 * A pre-split point of a table placed among its example keys.
 *
 * @param point the partition-key value a partition starts at
 * @param before the index of the first example key at or after the point (the number of examples
 *     when every one sorts before it)
 */
public record SplitMarker(String point, int before) {}
