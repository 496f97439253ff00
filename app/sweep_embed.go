package app

import (
	"slices"
	"strconv"

	"partitionlab/app/embedlink"
	"partitionlab/sim/sweep"
)

// sweepEmbed is the Embed dialog of a finished sweep: the recommended
// point (else the closest, else the first) as the embed's scenario, and
// the varied settings as the reader's controls, with the sweep's values.
// Nothing until that point's link is in.
func (p *sweepPage) sweepEmbed(s *sweep.Sweep) *embedDialog {
	pt := &s.Points[0]
	switch {
	case s.Recommended != nil:
		pt = s.Recommended
	case s.Closest != nil:
		pt = s.Closest
	}
	if pt.Index >= len(p.run.frags) || p.run.frags[pt.Index] == "" {
		return nil
	}
	var controls []embedlink.Control
	for _, a := range s.Vary {
		controls = append(controls, axisControl(a))
	}
	return &embedDialog{Ilink: p.run.frags[pt.Index], Iname: p.sc.Name, Icontrols: controls}
}

// axisControl is a varied setting as a reader's control: a range when its
// values are evenly spaced numbers (a..b:step), else its values as
// choices, else (too many to choose from) the range of its numbers.
func axisControl(a sweep.Axis) embedlink.Control {
	c := embedlink.Control{Path: a.Path}
	nums := make([]float64, 0, len(a.Values))
	for _, v := range a.Values {
		f, err := strconv.ParseFloat(string(v), 64)
		if err != nil {
			nums = nil
			break
		}
		nums = append(nums, f)
	}
	if n := len(nums); n > 2 && evenlySpaced(nums) {
		c.Min, c.Max, c.Step = nums[0], nums[n-1], nums[1]-nums[0]
		return c
	}
	if len(a.Values) <= embedlink.MaxChoices || nums == nil {
		for i, v := range a.Values {
			if i < embedlink.MaxChoices {
				c.Choices = append(c.Choices, string(v))
			}
		}
		return c
	}
	c.Min, c.Max, c.Step = slices.Min(nums), slices.Max(nums), 1
	return c
}

// evenlySpaced says the numbers rise by the same step.
func evenlySpaced(nums []float64) bool {
	step := nums[1] - nums[0]
	for i := 2; i < len(nums); i++ {
		if d := nums[i] - nums[i-1]; step <= 0 || d < step*0.999 || d > step*1.001 {
			return false
		}
	}
	return step > 0
}
