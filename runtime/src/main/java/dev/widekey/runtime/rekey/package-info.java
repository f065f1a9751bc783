/**
 * Re-keying: moving an entity's rows from a table of an older key layout to the table of its
 * current one ({@link dev.widekey.runtime.rekey.RekeyJob}). The old tables are only read; the new
 * ones are written through the current repository's bulk path, resumably, with a count check.
 *
 * <pre>{@code
 * RekeyResult r = RekeyJob.builder(oldOrders, orders).workers(4).build().run();
 * if (!r.countsMatch()) throw new IllegalStateException(r.toString());
 * }</pre>
 */
package dev.widekey.runtime.rekey;
