package bad.wk100;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.util.List;
import java.util.Map;

@WideTable(name = "posts")
public record ListAttribute(
    @PartitionKey String postId,
    List<String> tags,
    Map<String, Integer> votes,
    String title) {}
