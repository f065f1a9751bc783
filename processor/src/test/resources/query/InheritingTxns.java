package query;

import jakarta.data.repository.DataRepository;
import jakarta.data.repository.Repository;

/** A query interface whose queries are inherited from a generic interface, over Txn and String. */
@Repository
public interface InheritingTxns extends DataRepository<Txn, String>, GenericReads<Txn, String> {}
