package io.github.vwbinlog.event;

import org.jspecify.annotations.Nullable;

/**
 * The start of a multistep episode ({@code EpisodeEvent}).
 *
 * <pre>{@code
 * EpisodeEvent start = new EpisodeEvent("ep1");
 * }</pre>
 *
 * @param episodeId the episode id, or null when absent
 */
public record EpisodeEvent(@Nullable String episodeId) implements EventPayload {}
