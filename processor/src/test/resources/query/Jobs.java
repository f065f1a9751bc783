package query;

import jakarta.data.repository.Repository;
import java.util.List;

/** Equality over an enum key column, and a range over the column after it. */
@Repository
public interface Jobs {
  List<Job> findByQueueAndPriority(long queue, Job.Priority priority);

  List<Job> findByQueueAndPriorityAndIdBetween(long queue, Job.Priority priority, long from, long to);
}
