/**
 * The store SPI: {@link dev.widekey.runtime.store.WideTableStore} and its value types, which every
 * backend implements and every generated repository uses.
 */
package dev.widekey.runtime.store;
