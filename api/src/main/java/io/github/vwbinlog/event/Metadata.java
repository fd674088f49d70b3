package io.github.vwbinlog.event;

import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.TimeStamp;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The metadata of an event: its id (the join key), client time, payload type, pass probability and encoding.
 *
 * <pre>{@code
 * Metadata meta = Metadata.of("91f71c8", PayloadType.CB);   // pass probability 1, no client time
 * float pdrop = meta.pdrop();                               // 0.0
 * }</pre>
 *
 * @param id the event id; events with equal ids are joined
 * @param clientTime the client's time stamp, or null when absent
 * @param appId the application id (unused by joining), or null
 * @param payloadType what the payload holds
 * @param passProbability the probability that the event was kept; the schema default is 0, so pdrop is 1 when it is
 *     absent (SPEC §6.5)
 * @param encoding how the payload was stored in the log; the {@link Event}'s payload is always decoded
 */
public record Metadata(
    String id,
    @Nullable TimeStamp clientTime,
    @Nullable String appId,
    PayloadType payloadType,
    float passProbability,
    EventEncoding encoding) {

  /** Checks for nulls. */
  public Metadata {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(payloadType, "payloadType");
    Objects.requireNonNull(encoding, "encoding");
  }

  /** Metadata with pass probability 1, no client time, no app id, identity encoding. */
  public static Metadata of(String id, PayloadType payloadType) {
    return new Metadata(id, null, null, payloadType, 1f, EventEncoding.IDENTITY);
  }

  /** The probability of drop, {@code 1 - passProbability} in binary32 arithmetic. */
  public float pdrop() {
    return 1f - passProbability;
  }

  /** A copy with another pass probability. */
  public Metadata withPassProbability(float value) {
    return new Metadata(id, clientTime, appId, payloadType, value, encoding);
  }

  /** A copy with a client time (null for none). */
  public Metadata withClientTime(@Nullable TimeStamp value) {
    return new Metadata(id, value, appId, payloadType, passProbability, encoding);
  }

  /** A copy with another encoding. */
  public Metadata withEncoding(EventEncoding value) {
    return new Metadata(id, clientTime, appId, payloadType, passProbability, value);
  }
}
