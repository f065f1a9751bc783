package query;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** Reads declared once over type variables, for query interfaces to inherit. */
public interface GenericReads<E, K> {
  Stream<E> findByCardId(K cardId);

  List<E> findByCardIdAndSellerIdBetween(K cardId, K from, K to);

  Optional<E> findFirstByCardIdOrderBySellerIdDescDeviceIdDesc(K cardId);
}
