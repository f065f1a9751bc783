/**
 * The table layout model ({@link dev.widekey.core.layout.TableLayout}, in widekey-core) put to
 * work: {@link dev.widekey.runtime.layout.LayoutKeyCodec} decodes an old layout's keys for the
 * re-keying job, {@link dev.widekey.runtime.layout.LayoutTables} turns a layout into the tables it
 * describes.
 */
package dev.widekey.runtime.layout;
