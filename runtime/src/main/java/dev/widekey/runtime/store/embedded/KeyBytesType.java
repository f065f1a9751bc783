package dev.widekey.runtime.store.embedded;

import java.nio.ByteBuffer;
import java.util.Arrays;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.WriteBuffer;
import org.h2.mvstore.type.BasicDataType;

/**
 * The MVStore key type of the row maps: byte strings in unsigned lexicographic order, which is the
 * order {@link dev.widekey.runtime.store.OrderedKeyBytes} gives primary keys. MVStore's own {@code
 * ByteArrayDataType} cannot be used: in 2.3 it has no order, and later versions compare signed
 * bytes, which would put {@code 0x80} before {@code 0x7F}. It is the value type of the row maps as
 * well: it stores bytes as {@code ByteArrayDataType} does (a length and the bytes, so stores
 * written before read the same), and its order lets {@code MVMap.remove(key, value)} remove a row
 * only while it holds the bytes read, as the purge of expired rows needs.
 */
final class KeyBytesType extends BasicDataType<byte[]> {
  static final KeyBytesType INSTANCE = new KeyBytesType();

  private KeyBytesType() {}

  @Override
  public int compare(byte[] a, byte[] b) {
    return Arrays.compareUnsigned(a, b);
  }

  @Override
  public int getMemory(byte[] key) {
    // array header and length, as MVStore's cache accounting expects an estimate
    return 16 + key.length;
  }

  @Override
  public void write(WriteBuffer buff, byte[] key) {
    buff.putVarInt(key.length).put(key);
  }

  @Override
  public byte[] read(ByteBuffer buff) {
    byte[] key = new byte[DataUtils.readVarInt(buff)];
    buff.get(key);
    return key;
  }

  @Override
  public byte[][] createStorage(int size) {
    return new byte[size][];
  }
}
