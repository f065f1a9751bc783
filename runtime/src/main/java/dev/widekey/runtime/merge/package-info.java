/**
 * The one k-way merge of ordered scans ({@link dev.widekey.runtime.merge.MergedScan}): several
 * range scans, on one table or many, read back as one stream in logical key order, with bounded
 * memory, an early end, per-source resume after a retryable failure and a resumable position
 * ({@link dev.widekey.runtime.merge.MergePosition}). Bucketed scans, time-sharded reads and index
 * reads build on it.
 */
package dev.widekey.runtime.merge;
