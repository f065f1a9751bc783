package dev.widekey.processor.diagnostics;

import dev.widekey.annotations.IndexMaintenance;
import dev.widekey.annotations.Profile;

/**
 * The WK306 messages about service-maintained indexes ({@code @Index(maintainedBy = SERVICE_LOCAL |
 * SERVICE_GLOBAL)}), each citing the Tablestore documentation it follows: typed façades of the
 * catalogue {@link Message}, which holds the texts.
 */
public final class ServiceIndexMessages {
  private ServiceIndexMessages() {}

  /** Tablestore's "Secondary index limits" page. */
  public static final String LIMITS_PAGE =
      "https://www.alibabacloud.com/help/en/tablestore/secondary-index-limits";

  /** Tablestore's secondary index overview, which compares local and global indexes. */
  public static final String OVERVIEW_PAGE =
      "https://www.alibabacloud.com/help/en/tablestore/overview-of-secondary-index";

  public static String notTablestore(
      String index, String table, IndexMaintenance maintenance, Profile profile) {
    return Message.SERVICE_INDEX_NOT_TABLESTORE.format(
        "index", index, "table", table, "maintenance", maintenance, "profile", profile);
  }

  public static String timeSharded(String index, String table, IndexMaintenance maintenance) {
    return Message.SERVICE_INDEX_TIME_SHARDED.format(
        "index", index, "table", table, "maintenance", maintenance);
  }

  public static String hashPrefix(String index, String table, IndexMaintenance maintenance) {
    return Message.SERVICE_INDEX_HASH_PREFIX.format(
        "index", index, "table", table, "maintenance", maintenance);
  }

  public static String tooMany(String entity, int count) {
    return Message.SERVICE_INDEX_TOO_MANY.format(
        "entity", entity, "count", count, "limitsPage", LIMITS_PAGE);
  }

  public static String tooManyColumns(String index, String table, int count) {
    return Message.SERVICE_INDEX_TOO_MANY_COLUMNS.format(
        "index", index, "table", table, "count", count, "LIMITS_PAGE", LIMITS_PAGE);
  }

  public static String keyColumnEncoded(String index, String table, String column, String why) {
    return Message.SERVICE_INDEX_KEY_COLUMN_ENCODED.format(
        "index", index, "table", table, "column", column, "why", why, "LIMITS_PAGE", LIMITS_PAGE);
  }

  public static String attributeType(String index, String table, String column, String stored) {
    return Message.SERVICE_INDEX_ATTRIBUTE_TYPE.format(
        "index",
        index,
        "table",
        table,
        "column",
        column,
        "stored",
        stored,
        "LIMITS_PAGE",
        LIMITS_PAGE);
  }

  public static String localFirstColumn(String index, String table, String column, String first) {
    return Message.SERVICE_INDEX_LOCAL_FIRST_COLUMN.format(
        "index",
        index,
        "table",
        table,
        "column",
        column,
        "first",
        first,
        "OVERVIEW_PAGE",
        OVERVIEW_PAGE);
  }
}
