# Prints a file's ID3 tag as mutagen reads it, as JSON: version, text frames, pictures, the
# encapsulated objects (GEOB, Serato's) and audio info.
import json, sys, hashlib, mutagen
f = mutagen.File(sys.argv[1])
tags = f.tags
out = {"version": list(tags.version), "frames": {}, "pictures": [], "objects": []}
for frame in tags.values():
    if frame.FrameID == 'APIC':
        out["pictures"].append({"mime": frame.mime, "type": int(frame.type), "desc": frame.desc, "data": frame.data.hex()})
    elif frame.FrameID == 'GEOB':
        out["objects"].append({"mime": frame.mime, "desc": frame.desc, "data": frame.data.hex()})
    elif frame.FrameID == 'TXXX':
        out["frames"]["TXXX:" + frame.desc] = [str(t) for t in frame.text]
    else:
        out["frames"][frame.FrameID] = [str(t) for t in frame.text]
out["info"] = {"sample_rate": f.info.sample_rate, "channels": f.info.channels, "length": f.info.length}
print(json.dumps(out, ensure_ascii=False))
