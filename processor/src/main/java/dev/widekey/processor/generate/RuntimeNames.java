package dev.widekey.processor.generate;

import com.palantir.javapoet.ClassName;

/** The runtime classes generated code uses. */
final class RuntimeNames {
  private RuntimeNames() {}

  private static final String RUNTIME = "dev.widekey.runtime";
  static final ClassName PRIMARY_KEY = ClassName.get(RUNTIME + ".store", "PrimaryKey");
  static final ClassName PK_VALUE = ClassName.get(RUNTIME + ".store", "PkValue");
  static final ClassName PK_COLUMN = ClassName.get(RUNTIME + ".store", "PkColumn");
  static final ClassName PK_TYPE = ClassName.get(RUNTIME + ".store", "PkType");
  static final ClassName ATTR_VALUE = ClassName.get(RUNTIME + ".store", "AttrValue");
  static final ClassName ROW = ClassName.get(RUNTIME + ".store", "Row");
  static final ClassName SCAN_RANGE = ClassName.get(RUNTIME + ".store", "ScanRange");
  static final ClassName TABLE_SPEC = ClassName.get(RUNTIME + ".store", "TableSpec");
  static final ClassName STORE = ClassName.get(RUNTIME + ".store", "WideTableStore");
  static final ClassName COLD_ROWS = ClassName.get(RUNTIME + ".repository", "ColdRows");
  static final ClassName CHUNK_ROWS = ClassName.get(RUNTIME + ".repository", "ChunkRows");
  static final ClassName ENTITY_TABLES = ClassName.get(RUNTIME + ".repository", "EntityTables");
  static final ClassName PADDING = ClassName.get(RUNTIME + ".key", "Padding");
  static final ClassName INVALID_KEY_EXCEPTION =
      ClassName.get(RUNTIME + ".key", "InvalidKeyException");
  static final ClassName KEY_TEXT = ClassName.get(RUNTIME + ".key", "KeyText");
  static final ClassName KEY_HASH = ClassName.get(RUNTIME + ".key", "KeyHash");
  static final ClassName KEY_PARTS = ClassName.get(RUNTIME + ".key", "KeyParts");
  static final ClassName KEY_RANGES = ClassName.get(RUNTIME + ".key", "KeyRanges");
  static final ClassName KEY_VALUES = ClassName.get(RUNTIME + ".key", "KeyValues");
  static final ClassName KEY_ALPHABET = ClassName.get(RUNTIME + ".key", "KeyAlphabet");
  static final ClassName KEY_BUCKETS = ClassName.get(RUNTIME + ".key", "KeyBuckets");
  static final ClassName KEY_BOUNDS = ClassName.get(RUNTIME + ".key", "KeyBounds");
  static final ClassName BOUNDS = ClassName.get(RUNTIME + ".query", "Bounds");
  static final ClassName PAGE_REQUEST = ClassName.get("jakarta.data.page", "PageRequest");
  static final ClassName CURSORED_PAGE = ClassName.get("jakarta.data.page", "CursoredPage");
  static final ClassName CONTINUATION_KEY = ClassName.get(RUNTIME + ".query", "ContinuationKey");
  static final ClassName ATTRIBUTES = ClassName.get(RUNTIME + ".value", "Attributes");
  static final ClassName ATTRIBUTE_CONVERTER =
      ClassName.get(RUNTIME + ".value", "AttributeConverter");
  static final ClassName MONEY = ClassName.get(RUNTIME + ".value", "Money");
  static final ClassName COMPRESSION = ClassName.get(RUNTIME + ".value", "Compression");
  static final ClassName COLUMNS = ClassName.get(RUNTIME + ".repository", "Columns");
  static final ClassName SPLIT_TABLE_REPOSITORY =
      ClassName.get(RUNTIME + ".repository", "SplitTableRepository");
  static final ClassName TIME_SHARDED_REPOSITORY =
      ClassName.get(RUNTIME + ".repository", "TimeShardedRepository");
  static final ClassName SHARD_TIMES = ClassName.get(RUNTIME + ".shard", "ShardTimes");
  static final ClassName SHARD_PERIOD = ClassName.get("dev.widekey.annotations", "ShardPeriod");
  static final ClassName HASH_ALGORITHM = ClassName.get("dev.widekey.annotations", "HashAlgorithm");
  static final ClassName PROFILE = ClassName.get("dev.widekey.annotations", "Profile");
}
