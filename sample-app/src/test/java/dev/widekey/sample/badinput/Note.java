package dev.widekey.sample.badinput;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** A key with no declared bound: its 1 KB limit is checked at run time. */
@WideTable(name = "notes")
public record Note(@PartitionKey String title, String text, byte[] attachment) {}
