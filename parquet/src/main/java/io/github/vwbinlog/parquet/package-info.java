/**
 * Joined events as a Parquet file: {@link io.github.vwbinlog.parquet.ParquetConverter} writes one row per joined event
 * with the columns of the Spark source's {@code joined} view (docs/PARQUET.md has the schema), so that pandas, DuckDB
 * and Polars read a log's events without a Spark cluster.
 *
 * <pre>{@code
 * try (OutputStream out = Files.newOutputStream(Path.of("events.parquet"))) {
 *   JoinSummary summary = ParquetConverter.of(JoinOptions.defaults()).convert(Path.of("joined.log"), out);
 * }
 * }</pre>
 */
@NullMarked
package io.github.vwbinlog.parquet;

import org.jspecify.annotations.NullMarked;
