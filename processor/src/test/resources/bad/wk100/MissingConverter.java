package bad.wk100;

import dev.widekey.annotations.Convert;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "missing_converters")
public record MissingConverter(
    @PartitionKey @KeyChars("a-z") String id, @Convert(NoSuchConverter.class) String tags) {}
