package query.bad;

import jakarta.data.repository.BasicRepository;
import jakarta.data.repository.Repository;
import query.Txn;

/** BasicRepository brings findAll and offset pages. */
@Repository
public interface Basic extends BasicRepository<Txn, String> {}
