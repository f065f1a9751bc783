package query.bad;

import jakarta.data.repository.Repository;
import java.util.stream.Stream;
import query.Hashed;
import query.Job;
import query.Reading;
import query.Shop;
import query.User;

/** Hash prefixes, enums, buckets and spliced keys: what WK307 refuses over them. */
@Repository
interface HashedQueries {
  Stream<Hashed> findByOrderNumberBetween(long from, long to);
  Stream<Hashed> findByLine(int line);
}

@Repository
interface JobQueries {
  Stream<Job> findByQueueAndPriorityBetween(long queue, Job.Priority from, Job.Priority to);
  Stream<Job> findByQueueOrderByPriorityDesc(long queue);
}

@Repository
interface ReadingQueries {
  Stream<Reading> findByTimestampBetweenAndSensor(long from, long to, String sensor);
  Stream<Reading> findBySensor(String sensor);
}

@Repository
interface ShopQueries {
  Stream<Shop> findByShop(String shop);
  Stream<Shop> findByRegionBetween(String from, String to);
}

@Repository
interface UserQueries {
  Stream<User> findByUserIdBetween(long from, long to);
}
