"""Derives bad training profiles from a good one, for train-errors.test.

  edit-profile.py MODE IN OUT
    unusable   the first path of function scan gets an SBL id it does not have
    no-hashes  every cfg_hash removed (a profile written before p3 had them)
"""
import json
import sys

mode, src, dst = sys.argv[1:]
with open(src) as f:
    profile = json.load(f)
for fn in profile["functions"]:
    if mode == "unusable" and fn["name"] == "scan":
        fn["paths"][0]["sbl_id"] = 999999
    elif mode == "no-hashes":
        fn.pop("cfg_hash", None)
with open(dst, "w") as f:
    json.dump(profile, f)
