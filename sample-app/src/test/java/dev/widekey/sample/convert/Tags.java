package dev.widekey.sample.convert;

import java.util.List;

/** A value class widekey does not store natively: stored through {@link TagsConverter}. */
public record Tags(List<String> values) {}
