package dev.widekey.processor.rules;

import static com.google.common.truth.Truth.assertThat;

import org.junit.jupiter.api.Test;

class SequenceWordsTest {

  @Test
  void namesSplitAtHumpsDigitsAndUnderscores() {
    assertThat(SequenceWords.words("createdAtUTC_2x")).containsExactly("created", "at", "utc", "x");
    assertThat(SequenceWords.words("HTTPServerId")).containsExactly("http", "server", "id");
    assertThat(SequenceWords.words("order_ID")).containsExactly("order", "id");
  }

  @Test
  void wordsOfSequenceOrTime() {
    assertThat(SequenceWords.of("orderNumber")).isEqualTo("order number");
    assertThat(SequenceWords.of("orderId")).isEqualTo("order id");
    assertThat(SequenceWords.of("seq")).isEqualTo("seq");
    assertThat(SequenceWords.of("eventSequence")).isEqualTo("sequence");
    assertThat(SequenceWords.of("timestamp")).isEqualTo("timestamp");
    assertThat(SequenceWords.of("createdAt")).isEqualTo("created");
    assertThat(SequenceWords.of("event_time")).isEqualTo("time");
    assertThat(SequenceWords.of("bookingDate")).isEqualTo("date");
  }

  @Test
  void otherNamesDoNotMatch() {
    for (String name :
        new String[] {"deviceId", "cardId", "sellerId", "order", "orders", "timezone", "dated"}) {
      assertThat(SequenceWords.of(name)).isNull();
    }
  }
}
