/**
 * An entity's tables described completely enough to rebuild their stored bytes: the model ({@link
 * dev.widekey.core.layout.TableLayout}) the processor exports per table and checks committed copies
 * against (rule WK308), and the re-keying job reads to decode an old layout's keys.
 */
package dev.widekey.core.layout;
