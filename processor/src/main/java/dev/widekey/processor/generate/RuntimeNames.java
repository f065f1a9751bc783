package dev.widekey.processor.generate;

import com.palantir.javapoet.ClassName;

/**
 * The widekey classes generated code uses, by name: the processor's one home for them. Names, not
 * class literals, so that javac running the processor loads no runtime class and the processor
 * needs neither the runtime nor its storage engine on its path. The classes in widekey-core (rules,
 * alphabets, the layout model) are named here too, where generated code refers to them.
 */
public final class RuntimeNames {
  private RuntimeNames() {}

  private static final String RUNTIME = "dev.widekey.runtime";
  private static final String CORE = "dev.widekey.core";
  public static final ClassName PRIMARY_KEY = ClassName.get(RUNTIME + ".store", "PrimaryKey");
  public static final ClassName PK_VALUE = ClassName.get(RUNTIME + ".store", "PkValue");
  public static final ClassName PK_COLUMN = ClassName.get(RUNTIME + ".store", "PkColumn");
  public static final ClassName PK_TYPE = ClassName.get(CORE + ".store", "PkType");
  public static final ClassName ATTR_VALUE = ClassName.get(RUNTIME + ".store", "AttrValue");
  public static final ClassName ROW = ClassName.get(RUNTIME + ".store", "Row");
  public static final ClassName SCAN_RANGE = ClassName.get(RUNTIME + ".store", "ScanRange");
  public static final ClassName TABLE_SPEC = ClassName.get(RUNTIME + ".store", "TableSpec");
  public static final ClassName STORE = ClassName.get(RUNTIME + ".store", "WideTableStore");
  public static final ClassName COLD_ROWS = ClassName.get(RUNTIME + ".repository", "ColdRows");
  public static final ClassName CHUNK_ROWS = ClassName.get(RUNTIME + ".repository", "ChunkRows");
  public static final ClassName ENTITY_TABLES =
      ClassName.get(RUNTIME + ".repository", "EntityTables");
  public static final ClassName PADDING = ClassName.get(RUNTIME + ".key", "Padding");
  public static final ClassName INVALID_KEY_EXCEPTION =
      ClassName.get(CORE + ".key", "InvalidKeyException");
  public static final ClassName KEY_TEXT = ClassName.get(RUNTIME + ".key", "KeyText");
  public static final ClassName KEY_HASH = ClassName.get(RUNTIME + ".key", "KeyHash");
  public static final ClassName KEY_PARTS = ClassName.get(RUNTIME + ".key", "KeyParts");
  public static final ClassName KEY_RANGES = ClassName.get(RUNTIME + ".key", "KeyRanges");
  public static final ClassName KEY_VALUES = ClassName.get(RUNTIME + ".key", "KeyValues");
  public static final ClassName KEY_ALPHABET = ClassName.get(CORE + ".key", "KeyAlphabet");
  public static final ClassName KEY_BUCKETS = ClassName.get(RUNTIME + ".key", "KeyBuckets");
  public static final ClassName KEY_BOUNDS = ClassName.get(RUNTIME + ".key", "KeyBounds");
  public static final ClassName BOUNDS = ClassName.get(RUNTIME + ".query", "Bounds");
  public static final ClassName PAGE_REQUEST = ClassName.get("jakarta.data.page", "PageRequest");
  public static final ClassName CURSORED_PAGE = ClassName.get("jakarta.data.page", "CursoredPage");
  public static final ClassName CONTINUATION_KEY =
      ClassName.get(RUNTIME + ".query", "ContinuationKey");
  public static final ClassName ATTRIBUTES = ClassName.get(RUNTIME + ".value", "Attributes");
  public static final ClassName ATTRIBUTE_CONVERTER =
      ClassName.get(RUNTIME + ".value", "AttributeConverter");
  public static final ClassName MONEY = ClassName.get(RUNTIME + ".value", "Money");
  public static final ClassName COMPRESSION = ClassName.get(RUNTIME + ".value", "Compression");
  public static final ClassName COLUMNS = ClassName.get(RUNTIME + ".repository", "Columns");
  public static final ClassName SPLIT_TABLE_REPOSITORY =
      ClassName.get(RUNTIME + ".repository", "SplitTableRepository");
  public static final ClassName TIME_SHARDED_REPOSITORY =
      ClassName.get(RUNTIME + ".repository", "TimeShardedRepository");
  public static final ClassName SHARD_TIMES = ClassName.get(RUNTIME + ".shard", "ShardTimes");
  public static final ClassName SHARD_PERIOD =
      ClassName.get("dev.widekey.annotations", "ShardPeriod");
  public static final ClassName HASH_ALGORITHM =
      ClassName.get("dev.widekey.annotations", "HashAlgorithm");
  public static final ClassName PROFILE = ClassName.get("dev.widekey.annotations", "Profile");
  public static final ClassName ATTR_TYPE = ClassName.get(CORE + ".store", "AttrType");
  public static final ClassName DEFINED_COLUMN = ClassName.get(RUNTIME + ".store", "DefinedColumn");
  public static final ClassName SERVICE_INDEX = ClassName.get(RUNTIME + ".store", "ServiceIndex");
  public static final ClassName INDEX_TABLE = ClassName.get(RUNTIME + ".repository", "IndexTable");
  public static final ClassName SERVICE_INDEX_TABLE =
      ClassName.get(RUNTIME + ".repository", "ServiceIndexTable");
  public static final ClassName REPOSITORY_INDEX =
      ClassName.get(RUNTIME + ".repository", "RepositoryIndex");
  public static final ClassName REPOSITORY_FACTORY =
      ClassName.get(RUNTIME + ".repository", "RepositoryFactory");
  public static final ClassName LAYOUT_TEXT = ClassName.get(CORE + ".layout", "LayoutText");
  public static final ClassName TABLE_LAYOUT = ClassName.get(CORE + ".layout", "TableLayout");
  public static final ClassName LAYOUT_TABLES = ClassName.get(RUNTIME + ".layout", "LayoutTables");
  public static final ClassName LAYOUT_KEY_CODEC =
      ClassName.get(RUNTIME + ".layout", "LayoutKeyCodec");
  public static final ClassName REKEY_JOB = ClassName.get(RUNTIME + ".rekey", "RekeyJob");
}
