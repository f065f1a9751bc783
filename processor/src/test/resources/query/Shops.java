package query;

import jakarta.data.repository.Repository;
import java.util.List;

/** A proper prefix of a spliced partition key, and ranges within one partition. */
@Repository
public interface Shops {
  List<Shop> findByRegion(String region);

  List<Shop> findByRegionAndShop(String region, String shop);

  List<Shop> findByRegionAndShopAndDayBetween(String region, String shop, int from, int to);

  List<Shop> findByRegionAndShopAndDayGreaterThan(String region, String shop, int day);
}
