package dev.widekey.processor.model;

/** How generated code builds an entity from stored values. */
public enum Construction {
  /** A record's canonical constructor. */
  RECORD,
  /** A constructor taking every property, in declaration order. */
  ALL_ARGS_CONSTRUCTOR,
  /** A no-argument constructor, then setters or public fields. */
  BEAN
}
