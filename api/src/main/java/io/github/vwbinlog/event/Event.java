package io.github.vwbinlog.event;

import java.util.Objects;

/**
 * One event as rlclientlib logged it: metadata and the decoded payload (decompressed when it was zstd-encoded).
 *
 * <pre>{@code
 * Event e = new Event(Metadata.of("id-1", PayloadType.OUTCOME), OutcomeEvent.numeric(1.5f));
 * }</pre>
 *
 * @param meta the metadata
 * @param payload the decoded payload, of the type {@code meta.payloadType()} names
 */
public record Event(Metadata meta, EventPayload payload) {
  /** Checks for nulls. */
  public Event {
    Objects.requireNonNull(meta, "meta");
    Objects.requireNonNull(payload, "payload");
  }

  /** The event id. */
  public String id() {
    return meta.id();
  }
}
