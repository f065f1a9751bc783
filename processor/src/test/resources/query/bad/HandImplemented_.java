package query.bad;

/** Hand-written, named like the implementation widekey would generate for HandImplemented. */
public class HandImplemented_ {}
