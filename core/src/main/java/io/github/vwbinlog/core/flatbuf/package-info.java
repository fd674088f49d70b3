/**
 * Layer 2, verified flatbuffer views: a structural verifier for the schema v2 flatbuffers, equivalent to the
 * FlatBuffers C++ verifier at default settings (SPEC §2 "Verification", §11 items 1–2), and decoders that read a
 * payload with the flatc-generated classes only after it verified.
 *
 * <p>flatbuffers-java has no verifier: its generated accessors trust every offset, so a corrupt buffer makes them
 * throw or read unrelated bytes. Everything above this layer therefore reads a buffer (the REGULAR payload, each
 * nested {@code Event} and each event payload, as separate roots) only after {@link
 * io.github.vwbinlog.core.flatbuf.FlatVerifier} accepted it. The tables are described once, by the {@code .fbs}
 * files: the verifier's walk over them ({@code io.github.vwbinlog.schema.TableWalk}) is generated from those files, and
 * the verifier supplies its primitive checks and problem reports.
 */
@NullMarked
package io.github.vwbinlog.core.flatbuf;

import org.jspecify.annotations.NullMarked;
