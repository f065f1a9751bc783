package dev.widekey.processor.diagnostics;

import dev.widekey.annotations.IndexMaintenance;
import dev.widekey.annotations.Profile;
import dev.widekey.core.Rule;

/**
 * The WK306 messages about service-maintained indexes ({@code @Index(maintainedBy = SERVICE_LOCAL |
 * SERVICE_GLOBAL)}), each citing the Tablestore documentation it follows.
 */
public final class ServiceIndexMessages {
  private ServiceIndexMessages() {}

  /** Tablestore's "Secondary index limits" page. */
  public static final String LIMITS_PAGE =
      "https://www.alibabacloud.com/help/en/tablestore/secondary-index-limits";

  /** Tablestore's secondary index overview, which compares local and global indexes. */
  public static final String OVERVIEW_PAGE =
      "https://www.alibabacloud.com/help/en/tablestore/overview-of-secondary-index";

  /** Tablestore's "Create a secondary index" (Java SDK), which states the table's prerequisites. */
  public static final String CREATE_PAGE =
      "https://www.alibabacloud.com/help/en/tablestore/developer-reference/java-create-secondary-index";

  private static String msg(String index, String table, String text) {
    return Rule.WK306.name() + ": index '" + index + "' (table " + table + "): " + text;
  }

  public static String notTablestore(
      String index, String table, IndexMaintenance maintenance, Profile profile) {
    return msg(
        index,
        table,
        "maintainedBy = "
            + maintenance
            + " asks the service to maintain it, but the entity's profile is "
            + profile
            + ": only Tablestore maintains secondary indexes itself; on HBase, and on Lindorm"
            + " through its HBase API, widekey maintains index tables client-side. Remove"
            + " maintainedBy (IndexMaintenance.CLIENT, the exact guarantee on every store).");
  }

  public static String timeSharded(String index, String table, IndexMaintenance maintenance) {
    return msg(
        index,
        table,
        "maintainedBy = "
            + maintenance
            + " on a @TimeSharded entity: each period's table would need indexes of its own, named"
            + " uniquely in the instance, which widekey does not create. Use"
            + " IndexMaintenance.CLIENT, which keeps one index table per period.");
  }

  public static String hashPrefix(String index, String table, IndexMaintenance maintenance) {
    return msg(
        index,
        table,
        "maintainedBy = "
            + maintenance
            + " with a hashPrefix: the service builds the index key from the columns as the table"
            + " stores them, so it cannot prefix a hash. Remove hashPrefix, or keep the index"
            + " client-side (IndexMaintenance.CLIENT).");
  }

  public static String tooMany(String entity, int count) {
    return Rule.WK306.name()
        + ": "
        + entity
        + " declares "
        + count
        + " service-maintained indexes; Tablestore allows at most 5 secondary indexes per data"
        + " table (Secondary index limits, "
        + LIMITS_PAGE
        + "). Keep the others client-side (IndexMaintenance.CLIENT).";
  }

  public static String tooManyColumns(String index, String table, int count) {
    return msg(
        index,
        table,
        "lists "
            + count
            + " columns; a Tablestore secondary index has at most 4 index columns (Secondary index"
            + " limits, "
            + LIMITS_PAGE
            + "). Drop columns, or keep the index client-side (IndexMaintenance.CLIENT).");
  }

  public static String keyColumnEncoded(String index, String table, String column, String why) {
    return msg(
        index,
        table,
        "column '"
            + column
            + "' is in the primary key, but "
            + why
            + ", so the service's index would hold the stored key column, not the value the index"
            + " reads ask for. An index column of a service index is a primary-key column as"
            + " stored, or a predefined column (Secondary index limits, "
            + LIMITS_PAGE
            + "). Keep the index client-side (IndexMaintenance.CLIENT).");
  }

  public static String attributeType(String index, String table, String column, String stored) {
    return msg(
        index,
        table,
        "column '"
            + column
            + "' is stored as "
            + stored
            + "; a Tablestore index column is a primary-key column or a predefined column of type"
            + " String, Integer or Binary, ordered as the value it holds (Secondary index limits, "
            + LIMITS_PAGE
            + "). Index a String, an integral number without @Padded, an enum or an uncompressed"
            + " byte[], or keep the index client-side (IndexMaintenance.CLIENT).");
  }

  public static String localFirstColumn(String index, String table, String column, String first) {
    return msg(
        index,
        table,
        "is SERVICE_LOCAL but starts with '"
            + column
            + "'; the first column of a local secondary index must be the data table's first"
            + " primary-key column, here '"
            + first
            + "' alone (Secondary index overview, "
            + OVERVIEW_PAGE
            + "). Start the index with it, or use SERVICE_GLOBAL (asynchronous) or"
            + " IndexMaintenance.CLIENT.");
  }

  public static String timeToLive(String index, String table, long ttlSeconds) {
    return msg(
        index,
        table,
        "is maintained by the service, but the table's rows expire after "
            + ttlSeconds
            + " seconds; Tablestore creates a secondary index only on a table with max versions 1"
            + " and time to live -1, unless the table refuses UpdateRow (Create a secondary index, "
            + CREATE_PAGE
            + "). Keep the index client-side (IndexMaintenance.CLIENT).");
  }
}
