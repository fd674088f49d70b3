package io.github.vwbinlog.event;

/**
 * The decoded payload of an {@link Event}: one record per payload table of schema v2, chosen by
 * {@link Metadata#payloadType()}. Interactions are {@link CbEvent}, {@link MultiSlotEvent} (CCB and slates),
 * {@link CaEvent} and {@link MultiStepEvent}; observations are {@link OutcomeEvent}.
 *
 * <pre>{@code
 * if (event.payload() instanceof OutcomeEvent outcome) { float v = outcome.value(); }
 * }</pre>
 */
public sealed interface EventPayload
    permits CbEvent, MultiSlotEvent, CaEvent, OutcomeEvent, DedupInfo, MultiStepEvent, EpisodeEvent {}
