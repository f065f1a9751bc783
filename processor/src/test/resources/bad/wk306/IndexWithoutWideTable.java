package bad.wk306;

import dev.widekey.annotations.*;
import java.time.Instant;

@Index(name = "by_card", columns = {"cardId"})
public record IndexWithoutWideTable(String customer, String cardId) {}
