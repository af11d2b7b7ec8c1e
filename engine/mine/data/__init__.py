"""Component data files of TF22 Mine."""
