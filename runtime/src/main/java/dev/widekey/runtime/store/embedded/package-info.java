/**
 * The embedded store: {@link dev.widekey.runtime.store.embedded.EmbeddedStore}, a local wide-table
 * engine on H2's MVStore that sorts, partitions and limits rows like the services, and its provider
 * for {@code widekey.store=embedded}.
 */
package dev.widekey.runtime.store.embedded;
